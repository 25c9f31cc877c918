import { inGroup, readBy } from './setting';

/** The catalogue's MCP server settings. */
export const mcpServerSettings = inGroup(
  'MCP server',
  readBy(
    ['mcp', 'cli'],
    [
      {
        name: 'SERVICE_API_KEY',
        default: 'unset',
        meaning:
          "The workspace key the MCP server (and the SDK's example agent, and `npm run listen` unless `--key` is given) calls the API with; unset, every tool call answers authentication_failed.",
      },
      {
        name: 'SERVICE_BASE_URL',
        default: 'http://127.0.0.1:3000',
        meaning: "The service's address the MCP server (and `npm run listen`, unless `--url` is given; its port then follows GATEWAY_PORT) calls.",
      },
    ],
  ),
  readBy(
    ['mcp'],
    [
      {
        name: 'SERVICE_API_VERSION',
        default: '2026-11-01',
        meaning: 'The API version the MCP server asks for on every call.',
      },
      {
        name: 'MCP_TRANSPORT',
        default: 'stdio',
        meaning: "The MCP server's transport: stdio, or http for Streamable HTTP on loopback (as `--http` does).",
      },
      {
        name: 'MCP_HTTP_PORT',
        default: '3100',
        meaning: 'Port of the Streamable HTTP transport on 127.0.0.1.',
      },
    ],
  ),
);
