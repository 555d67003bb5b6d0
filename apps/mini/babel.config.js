// Taro's Babel preset: React 18 with TypeScript, for both targets (weapp and h5).
module.exports = { presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]] }
