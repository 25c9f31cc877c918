import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';

type Schema = { [keyword: string]: unknown };

/** Keywords that describe a value rather than constrain it: they stay on the union, not its branches. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$schema', '$id', '$comment']);
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_ARRAYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The same JSON Schema with every `type` array (`["number", "null"]`, which zod emits for a
 * nullable or a union of primitives) split into `anyOf` branches of one type each, so tools
 * pass the MCP Inspector's `--strict` portability check (rule `type-union`): clients that map
 * schemas onto a single-`type` dialect reject type arrays. A null branch is bare `{type: null}`;
 * the other constraints go to the non-null branches, where they applied before.
 */
export function portableSchema(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  const node: Schema = { ...schema };
  for (const key of SUBSCHEMA_MAPS) {
    if (isSchema(node[key])) node[key] = Object.fromEntries(Object.entries(node[key]).map(([name, sub]) => [name, portableSchema(sub)]));
  }
  for (const key of SUBSCHEMA_ARRAYS) if (Array.isArray(node[key])) node[key] = node[key].map(portableSchema);
  for (const key of SUBSCHEMAS) {
    if (key === 'items' && Array.isArray(node.items)) node.items = node.items.map(portableSchema);
    else if (key in node) node[key] = portableSchema(node[key]);
  }
  if (!Array.isArray(node.type)) return node;
  const types = node.type as string[];
  const annotations: Schema = {};
  const constraints: Schema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'type') continue;
    (ANNOTATIONS.has(keyword) ? annotations : constraints)[keyword] = value;
  }
  const branches = types.map((type) => (type === 'null' ? { type } : { type, ...constraints }));
  return { ...annotations, anyOf: branches };
}

/**
 * Rewrites the tools/list answer of an McpServer through `portableSchema`. The SDK builds tool
 * schemas from zod inside its own handler, with no hook; so the handler it installed is wrapped,
 * after every tool is registered (a later registration re-installs the SDK's handler).
 */
export function makeToolSchemasPortable(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, (request: unknown, extra: unknown) => Promise<ListToolsResult>> })
    ._requestHandlers;
  const listTools = handlers.get('tools/list');
  if (!listTools) throw new Error('makeToolSchemasPortable: register the tools first');
  handlers.set('tools/list', async (request, extra) => {
    const result = await listTools(request, extra);
    return {
      ...result,
      tools: result.tools.map((tool) => ({
        ...tool,
        inputSchema: portableSchema(tool.inputSchema) as typeof tool.inputSchema,
        ...(tool.outputSchema ? { outputSchema: portableSchema(tool.outputSchema) as typeof tool.outputSchema } : {}),
      })),
    };
  });
}
