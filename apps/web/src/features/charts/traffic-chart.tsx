import { useEffect, useRef } from 'react'
import { Box, useTheme } from '@mui/material'
import * as echarts from 'echarts/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { SVGRenderer } from 'echarts/renderers'
import type { TrafficData } from './traffic-data'

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer])

/** Visits as bars, orders as a line on their own axis (decision 0194). */
export const TrafficChart = ({
  data,
  visitsLabel,
  ordersLabel
}: {
  data: TrafficData
  visitsLabel: string
  ordersLabel: string
}) => {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<echarts.ECharts | undefined>(undefined)
  const theme = useTheme()

  useEffect(() => {
    const element = box.current
    if (!element) return
    const made = echarts.init(element, undefined, { renderer: 'svg' })
    chart.current = made
    const resize = new ResizeObserver(() => made.resize())
    resize.observe(element)
    return () => {
      resize.disconnect()
      made.dispose()
      chart.current = undefined
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(
      {
        color: [theme.palette.primary.main, theme.palette.secondary.main],
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: data.labels },
        yAxis: [
          { type: 'value', name: visitsLabel, minInterval: 1 },
          { type: 'value', name: ordersLabel, minInterval: 1, splitLine: { show: false } }
        ],
        series: [
          { type: 'bar', name: visitsLabel, data: data.visits },
          { type: 'line', name: ordersLabel, yAxisIndex: 1, data: data.orders }
        ]
      },
      { notMerge: true }
    )
  }, [data, visitsLabel, ordersLabel, theme])

  return <Box ref={box} sx={{ height: { xs: 240, md: 300 } }} data-testid="traffic-chart" />
}
