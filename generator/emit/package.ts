/** The generated package's package.json and README. */
import type { SpecModel } from '../model.js';
import { BANNER_TEXT } from '../banner.js';
import type { Files } from './types.js';
import { text } from './markdown.js';

export interface PackageInfo {
  name: string;
  /** Runtime dependencies with the versions the toolkit was tested with. */
  dependencies: Record<string, string>;
}

function semver(version: string): string {
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(.*)$/.exec(version);
  return m ? `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}${m[4] ?? ''}` : '0.0.0';
}

export function emitPackage(model: SpecModel, info: PackageInfo, docPages: string[]): Files {
  const pkg = {
    '//': BANNER_TEXT,
    name: info.name,
    version: semver(model.version),
    description: `Typed client, types, validators and reference docs for the ${model.title}`,
    type: 'module',
    engines: { node: '>=20.19' },
    sideEffects: false,
    exports: {
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './types': { types: './dist/types.d.ts', default: './dist/types.js' },
      './validators': { types: './dist/validators.d.ts', default: './dist/validators.js' },
      './package.json': './package.json',
    },
    main: './dist/index.js',
    types: './dist/index.d.ts',
    files: ['dist', 'docs', 'README.md'],
    dependencies: Object.fromEntries(Object.entries(info.dependencies).sort(([a], [b]) => a.localeCompare(b))),
  };
  const readme = `# ${info.name}

The ${text(model.title)} (version ${text(model.version)}) as a package: a typed client, the OpenAPI types,
precompiled validators and the reference documentation.

\`\`\`js
import { createPartnerClient } from '${info.name}';
import { validateProject } from '${info.name}/validators';

const api = createPartnerClient({ baseUrl: process.env.PARTNER_BASE_URL, apiKey: process.env.PARTNER_API_KEY, apiSecret: process.env.PARTNER_API_SECRET, environment: 'staging' });
\`\`\`

| Entry point | What it holds |
|---|---|
| \`${info.name}\` | \`createPartnerClient\`, the environments and their documented limits, the operation list |
| \`${info.name}/types\` | \`paths\`, \`components\`, \`operations\`, \`webhooks\` and one alias per schema (\`Project\`, \`Skill\`, ...) |
| \`${info.name}/validators\` | one type-guard validator per schema and per known request, response and query |

Reference: [docs/index.md](docs/index.md)${docPages.length ? ` (${docPages.length} pages)` : ''}.
`;
  return new Map([
    ['package.json', `${JSON.stringify(pkg, null, 2)}\n`],
    ['README.md', readme],
  ]);
}
