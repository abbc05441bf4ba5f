/** Import rules for the toolkit's own code (`npm run lint:imports`; test/architecture.test.ts). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'The stages import one way: a circle means two modules should share a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
