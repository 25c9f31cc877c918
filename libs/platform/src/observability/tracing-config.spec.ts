import { statementSummary } from '../postgres/statement-spans';
import { tracingConfigFromEnv } from './tracing';

describe('tracing configuration from the environment', () => {
  it('is off by default and with none', () => {
    expect(tracingConfigFromEnv({})).toEqual({ exporter: 'none' });
    expect(tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ exporter: 'none' });
  });

  it('exports over OTLP when asked, or when only an OTLP endpoint is set, in the standard default protocol', () => {
    expect(tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'otlp' })).toEqual({ exporter: 'otlp', protocol: 'http/protobuf' });
    expect(tracingConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ exporter: 'otlp', protocol: 'http/protobuf' });
    expect(tracingConfigFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toEqual({
      exporter: 'otlp',
      protocol: 'http/protobuf',
    });
  });

  it('takes the traces protocol before the general one, and refuses gRPC with the ones it speaks', () => {
    expect(tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toEqual({
      exporter: 'otlp',
      protocol: 'http/json',
    });
    expect(
      tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'OTLP', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }),
    ).toEqual({ exporter: 'otlp', protocol: 'http/protobuf' });
    expect(() => tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/http\/protobuf or http\/json/);
  });

  it('keeps the file and console exporters, and names the values it takes', () => {
    expect(tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'jsonl', OTEL_TRACES_FILE: '/tmp/spans' })).toEqual({ exporter: 'jsonl', file: '/tmp/spans' });
    expect(() => tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'jsonl' })).toThrow(/OTEL_TRACES_FILE/);
    expect(tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'console' })).toEqual({ exporter: 'console' });
    expect(() => tracingConfigFromEnv({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/none, otlp, console or jsonl/);
  });
});

describe('a statement span’s name', () => {
  it('is the keyword and the first table named', () => {
    expect(statementSummary('SELECT * FROM deployments_view WHERE id = $1')).toBe('SELECT deployments_view');
    expect(statementSummary('  insert into "events" (a) values ($1)')).toBe('INSERT events');
    expect(statementSummary('UPDATE public.relay_checkpoint SET position = $1')).toBe('UPDATE public.relay_checkpoint');
    expect(statementSummary('BEGIN')).toBe('BEGIN');
    expect(statementSummary('')).toBe('QUERY');
  });
});
