import { useEffect, useRef } from 'react'
import { Box, useTheme } from '@mui/material'
import * as echarts from 'echarts/core'
import { BarChart, LineChart } from 'echarts/charts'
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { SVGRenderer } from 'echarts/renderers'
import type { ChartData } from './chart-data'

// Only what this chart draws (decision 0082): bars, a line, axes, legend, tooltip, zoom; SVG keeps the text readable in the page.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, SVGRenderer])

interface SalesChartProps {
  data: ChartData
  amountLabel: string
  ordersLabel: string
}

/** Sales as bars (stacked by method or category), orders as a line on their own axis; wide ranges can be zoomed. */
export const SalesChart = ({ data, amountLabel, ordersLabel }: SalesChartProps) => {
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
    const many = data.labels.length > 60
    chart.current?.setOption(
      {
        color: [theme.palette.primary.main, theme.palette.secondary.main, '#2e7d32', '#ed6c02', '#0288d1', '#9c27b0', '#6d4c41'],
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0, type: 'scroll' },
        grid: { left: 8, right: 8, top: 36, bottom: many ? 48 : 8, containLabel: true },
        xAxis: { type: 'category', data: data.labels },
        yAxis: [
          { type: 'value', name: amountLabel },
          ...(data.orders ? [{ type: 'value' as const, name: ordersLabel, minInterval: 1, splitLine: { show: false } }] : [])
        ],
        dataZoom: many ? [{ type: 'slider' }, { type: 'inside' }] : [],
        series: [
          ...data.amounts.map((series) => ({ type: 'bar' as const, name: series.name, stack: 'amount', data: series.data })),
          ...(data.orders ? [{ type: 'line' as const, name: ordersLabel, yAxisIndex: 1, data: data.orders }] : [])
        ]
      },
      { notMerge: true }
    )
  }, [data, amountLabel, ordersLabel, theme])

  return <Box ref={box} sx={{ width: '100%', height: { xs: 280, md: 360 } }} data-testid="sales-chart" />
}
