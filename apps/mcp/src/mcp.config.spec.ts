import { DEFAULT_BASE_URL, loadMcpConfig } from './mcp.config';

describe('MCP server configuration', () => {
  it('defaults: stdio, the local gateway, port 3100 for HTTP', () => {
    expect(loadMcpConfig({ SERVICE_API_KEY: ' svc_test_x ' }, [])).toMatchObject({
      apiKey: 'svc_test_x',
      baseUrl: DEFAULT_BASE_URL,
      transport: 'stdio',
      httpHost: '127.0.0.1',
      httpPort: 3100,
    });
  });

  it('HTTP from --http or MCP_TRANSPORT=http, the port from --port or MCP_HTTP_PORT', () => {
    expect(loadMcpConfig({}, ['--http', '--port', '4000'])).toMatchObject({ transport: 'http', httpPort: 4000 });
    expect(loadMcpConfig({ MCP_TRANSPORT: 'http', MCP_HTTP_PORT: '0' }, [])).toMatchObject({ transport: 'http', httpPort: 0 });
    expect(() => loadMcpConfig({ MCP_TRANSPORT: 'sse' }, [])).toThrow('MCP_TRANSPORT');
    expect(() => loadMcpConfig({ MCP_HTTP_PORT: 'x' }, [])).toThrow('MCP_HTTP_PORT');
  });

  it('takes the base URL with or without a trailing slash or /v1', () => {
    for (const value of ['https://api.example.com', 'https://api.example.com/', 'https://api.example.com/v1/']) {
      expect(loadMcpConfig({ SERVICE_BASE_URL: value }, []).baseUrl).toBe('https://api.example.com');
    }
    expect(() => loadMcpConfig({ SERVICE_BASE_URL: 'ftp://x' }, [])).toThrow('http(s)');
  });
});
