module.exports = { title: 'Shop', presets: [['classic', { docs: { routeBasePath: '/' } }]] };
