// @ts-check
// The import graph's rules (npm run lint:graph, part of npm run lint): floors import downward
// only, and no module imports itself back through a circle. Tests and test support may reach
// across floors; the shipped code may not.

/**
 * The floors of src/, lowest first. A folder imports only folders listed before it, so no two
 * floors can import each other. `src/main.tsx` stands above everything.
 */
const FLOORS = [
  'tasks', // slicing long work: nextTurn
  'text', // strings and sizes: formatBytes, utf8Length, firstLine, the absolute-URI check
  'xml', // the XML engine and its one reader: pure TypeScript, no worker or DOM globals
  'console-api', // the console server's contract, shared with server/
  'protocol', // the Inode client: pure TypeScript, browser and Node
  'outcome', // how a call ended, in words
  'har', // HAR export and import
  'offline', // opening a saved exchange without calling
  'relay', // the bulk job's WebSocket transport and its frames
  'settings', // non-secret settings: store and React context
  'workers', // the XML engine's workers, their page-side clients, the one call helper
  'connection', // targets, target header, health, the client for one call (worker or page)
  'history', // the record of calls in IndexedDB, re-run checks
  'session', // what this page remembers in memory only: the key, the last result
  'parity', // one call over every binding, compared
  'bulk-job', // CSV rules and scheduler, shared with the CLI
  'styles',
  'components', // shared presentational pieces
  'features', // pages; they never import each other (ESLint rule)
  'app', // providers, router, layout
];

/** Floors that run in browsers, workers and Node alike (ESLint bans React and browser globals there). */
const PURE = ['tasks', 'text', 'console-api', 'protocol', 'xml', 'relay', 'bulk-job'];

const TESTS = '(\\.test\\.tsx?$|\\.test-helper\\.ts$|^src/test/)';

/** @type {import('dependency-cruiser').IConfiguration['forbidden']} */
const floorRules = FLOORS.map((floor, rank) => ({
  name: `floor-${floor}`,
  comment: `src/${floor} imports only the floors below it: ${FLOORS.slice(0, rank).join(', ') || 'none'}.`,
  severity: 'error',
  from: { path: `^src/${floor}/`, pathNot: TESTS },
  to: { path: `^src/(${FLOORS.slice(rank + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'pure-floors-stay-pure',
      comment: 'A pure floor imports only pure floors, so it still runs in Node and in workers.',
      severity: 'error',
      from: { path: `^src/(${PURE.join('|')})/`, pathNot: TESTS },
      to: { path: '^src/', pathNot: `^src/(${PURE.join('|')})/` },
    },
    {
      name: 'no-circular',
      comment: 'A module never reaches itself again through its imports.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { pathNot: TESTS } },
    },
    {
      name: 'src-stays-in-src',
      comment:
        'The console imports nothing from the server, the CLI, the emulator or the tooling beside it.',
      severity: 'error',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '^(server|cli|emulator|bench|e2e|scripts|deploy)/' },
    },
    {
      name: 'known-floors-only',
      comment:
        'Every folder of src/ has a floor: add a new one to FLOORS in .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/[^/]+/', pathNot: `^src/(${[...FLOORS, 'test'].join('|')})/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist[^/]*)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.app.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
