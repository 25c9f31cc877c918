import { inGroup, readBy } from './setting';

/** The catalogue's Observability settings. */
export const observabilitySettings = inGroup(
  'Observability',
  readBy(
    ['all'],
    [
      {
        name: 'LOG_LEVEL',
        default: 'info',
        meaning: 'How much each service logs: fatal, error, warn, info, debug (adds a line per answered request), trace or silent.',
      },
      {
        name: 'OTEL_TRACES_EXPORTER',
        default: 'unset',
        meaning: 'Where finished spans go: otlp, console, jsonl or none; unset, otlp when an OTLP endpoint is set and none otherwise.',
      },
      {
        name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
        default: 'unset',
        meaning:
          'The collector traces are exported to over OTLP/HTTP (e.g. http://collector:4318); the other standard OTLP and batch settings apply as the standard says.',
      },
      {
        name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
        default: 'unset',
        meaning: "The collector's traces address, when it differs from the general one.",
      },
      {
        name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
        default: 'http/protobuf',
        meaning: 'How spans are encoded for the collector: http/protobuf or http/json (gRPC is not offered).',
      },
      {
        name: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
        default: 'unset',
        meaning: 'The protocol for traces only, ahead of the general one.',
      },
      {
        name: 'OTEL_TRACES_FILE',
        default: 'unset',
        meaning: 'With the jsonl exporter, the file finished spans are appended to as JSON lines (several processes may share it).',
      },
      {
        name: 'OTEL_SERVICE_NAME',
        default: 'the service name',
        meaning: 'Renames the service in exported spans.',
      },
    ],
  ),
);
