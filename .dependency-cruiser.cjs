// Import boundaries (docs/architecture.md): checked by `npm run lint` (depcruise src).
//   web <-> server never; both may use contracts. contracts import nothing but zod.
//   Inside web, one feature never imports another. Inside the server, a module never reaches into
//   another module's repository (talk through its service or events). No cycles anywhere.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'routes-and-services-not-to-tables',
      severity: 'error',
      comment:
        'Routes and services reach data only through repositories obtained from the unit of work (work.use), which scope every query to the caller and note the audit event. See docs/adding-a-feature.md.',
      from: { path: '^src/server/modules/[^/]+/[^/]+\\.(routes|service)\\.ts$' },
      to: { path: ['^src/server/db/schema', '^src/server/db/client\\.ts$'] },
    },
    {
      name: 'routes-not-to-repositories',
      severity: 'error',
      comment:
        'A route file handles the HTTP shape only: it calls services built once in src/server/modules.ts, never builds a service or a repository itself.',
      from: { path: '^src/server/modules/[^/]+/[^/]+\\.routes\\.ts$' },
      to: { path: '\\.(repository|service)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two files cannot be understood (or loaded) one without the other. Move the shared part down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-to-server',
      severity: 'error',
      comment: 'The web client talks to the server over HTTP only; shared shapes live in src/contracts.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-web',
      severity: 'error',
      comment: 'The server never imports the web client; shared shapes live in src/contracts.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment:
        'src/contracts is pure TypeScript shared by server and web: it imports nothing but zod (no Node built-ins, no other package, no app code). Its tests may use the test runner.',
      from: { path: '^src/contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/contracts/', '^node_modules/zod/'] },
    },
    {
      name: 'web-feature-not-to-other-feature',
      severity: 'error',
      comment: 'A feature never imports another feature (Bulletproof React). Move what both need to components/, lib/ or contracts.',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/[^/]+/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'server-module-not-to-other-repository',
      severity: 'error',
      comment: "A server module never uses another module's repository: call its service, or react to its events.",
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing: a typo, a deleted file or a package missing from package.json.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'server-not-to-dev-dependency',
      severity: 'error',
      comment:
        'The server bundle keeps packages external, so what it imports at run time must be a dependency, not a devDependency. Tests and their support may use devDependencies.',
      from: { path: '^src/server/', pathNot: '(\\.test\\.ts$|^src/server/test-support/)' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-not-to-test-support',
      severity: 'error',
      comment: 'Test support may use devDependencies and test shortcuts; the running server never imports it.',
      // Test helpers kept beside their module (auth/testing.ts, biometric-test-helpers.ts) are test code too.
      from: { path: '^src/server/', pathNot: '(\\.test\\.ts$|^src/server/test-support/|/testing\\.ts$|-test-helpers\\.ts$)' },
      to: { path: '^src/server/test-support/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/server/db/migrations/' },
    // Count `import type` too: a type import across a boundary is still a coupling.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
