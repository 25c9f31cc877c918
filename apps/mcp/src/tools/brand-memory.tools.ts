import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { MemoryEntry } from '@expert-handoff/sdk';
import type { ToolContext } from './tool-context';
import { apiTool, toolSuccess, TOOL_EFFECTS } from './tool-result';

const KINDS = ['positioning', 'voice', 'prior_output', 'other'] as const;

const entryShape = {
  key: z.string(),
  kind: z.enum(KINDS),
  body: z.string().describe('Markdown.'),
  updated_at: z.string(),
};

const entryOf = (entry: MemoryEntry) => ({ key: entry.key, kind: entry.kind, body: entry.body, updated_at: entry.updated_at });

/**
 * Brand memory (over `/v1/memory`): what every expert of the
 * workspace reads before working. Reading and writing are separate tools so a host can allow
 * one without the other.
 */
export function registerBrandMemoryTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'service.read_brand_memory',
    {
      title: 'Read brand memory',
      description:
        "Reads the workspace's brand memory, which experts read before working: one entry by key, or every entry (optionally of one kind: positioning, voice, prior_output, other).",
      inputSchema: {
        key: z.string().optional().describe('One entry\'s key, e.g. "brand.voice"; omit to list.'),
        kind: z.enum(KINDS).optional().describe('When listing: only entries of this kind.'),
        cursor: z.string().optional().describe('When listing: next_cursor of the previous call.'),
      },
      outputSchema: { entries: z.array(z.object(entryShape)), next_cursor: z.string().nullable() },
      annotations: TOOL_EFFECTS.reads,
    },
    apiTool(async (args, extra) => {
      const page = args.key
        ? { data: [await context.api().memory.retrieve(args.key, { signal: extra.signal })], next: null }
        : await context.api().memory.list({ kind: args.kind, cursor: args.cursor }, { signal: extra.signal });
      const entries = page.data.map(entryOf);
      const text = entries.length === 0 ? 'Brand memory is empty.' : entries.map((e) => `## ${e.key} (${e.kind})\n\n${e.body}`).join('\n\n');
      return toolSuccess({ entries, next_cursor: page.next }, text);
    }),
  );

  server.registerTool(
    'service.write_brand_memory',
    {
      title: 'Write a brand memory entry',
      description:
        'Creates or replaces one brand memory entry (markdown, at most 100 KB) that every expert of the workspace reads before working, e.g. key "brand.voice", kind "voice".',
      inputSchema: {
        key: z.string().describe('The entry\'s key: letters, digits, dots, dashes, underscores (e.g. "brand.voice").'),
        kind: z.enum(KINDS).describe('positioning, voice, prior_output or other.'),
        body: z.string().describe('The entry, in markdown.'),
      },
      outputSchema: entryShape,
      annotations: TOOL_EFFECTS.removes,
    },
    apiTool(async (args, extra) => {
      const entry = entryOf(await context.api().memory.put(args.key, { kind: args.kind, body: args.body }, { signal: extra.signal }));
      return toolSuccess(entry, `Saved brand memory "${entry.key}" (${entry.kind}).`);
    }),
  );
}
