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

const api = createPartnerClient(${usageOptions(model)});
\`\`\`

| Entry point | What it holds |
|---|---|
| \`${info.name}\` | \`createPartnerClient\`, the environments and their documented limits, the operation list |
| \`${info.name}/types\` | \`paths\`, \`components\`, \`operations\`, \`webhooks\` and one alias per schema |
| \`${info.name}/validators\` | one type-guard validator per schema and per known request, response and query |

Reference: [docs/index.md](docs/index.md)${docPages.length ? ` (${docPages.length} pages)` : ''}.
`;
  return new Map([
    ['package.json', `${JSON.stringify(pkg, null, 2)}\n`],
    ['README.md', readme],
  ]);
}

/** `ENV_NAME` for a client option: `apiKey` → `API_KEY`. */
const envName = (option: string): string => option.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/**
 * The options of the usage snippet, from the document: the first environment, `baseUrl` unless its
 * server URL is complete, and each credential option that the first secured operation's first
 * alternative names, read from environment variables.
 */
function usageOptions(model: SpecModel): string {
  const environment = model.environments[0]!;
  const secured = model.operations.find((o) => o.security.some((names) => names.length > 0));
  const names = secured?.security.find((n) => n.length > 0) ?? [];
  const schemes = model.securitySchemes.filter((s) => s.option !== undefined && names.includes(s.name));
  const entries = [
    ...(environment.defaultBaseUrl ? [] : ["baseUrl: process.env.BASE_URL"]),
    ...schemes.map((s) =>
      s.kind.type === 'basic'
        ? `${s.option}: { username: process.env.${envName(s.option!)}_USERNAME, password: process.env.${envName(s.option!)}_PASSWORD }`
        : `${s.option}: process.env.${envName(s.option!)}`,
    ),
    `environment: ${JSON.stringify(environment.name)}`,
  ];
  return `{ ${entries.join(', ')} }`;
}
