import { DomainError } from '@eh/contracts';
import type { Message, Part } from '@a2a-js/sdk';
import { CreateDeploymentDto } from '../deployments/create-deployment.dto';
import { ReplyToDeploymentDto } from '../deployments/reply-to-deployment.dto';
import { ValidatedBody } from '../http/validated-body.pipe';

/**
 * What an A2A message says, as the REST API's request bodies (docs/decisions.md "A2A"), validated
 * by the same DTOs as `POST /v1/deployments` and `…/reply`, so both surfaces accept and refuse
 * the same things. A refusal names the message field it is about (`message.parts[1].data.skills`).
 *
 * - the text parts, joined by a blank line, are the brief (or the reply's body);
 * - URL parts (files) are `context_files`;
 * - one data part holds the other create options: `skills`, `urgency`, `scheduled_for`,
 *   `context_url`, `context_files`, `metadata`, `webhook_url`, `output_schema`, `follow_up_to`.
 */
export function createBodyOf(message: Message): CreateDeploymentDto {
  const { text, urls, data } = partsOf(message);
  const options = data?.value ?? {};
  if ('brief' in options)
    throw new DomainError('invalid_request', 'the brief is the message’s text parts, not a field of its data part', `${data?.path}.brief`);
  const contextFiles = [
    ...urls,
    ...(Array.isArray(options.context_files) ? (options.context_files as unknown[]) : options.context_files === undefined ? [] : [options.context_files]),
  ];
  const body = { ...options, brief: text, ...(contextFiles.length > 0 ? { context_files: contextFiles } : {}) };
  return validated(CreateDeploymentDto, body, data?.path ?? 'message.parts[].data');
}

export function replyBodyOf(message: Message): ReplyToDeploymentDto {
  const { text, urls, data } = partsOf(message);
  if (data) throw new DomainError('invalid_request', 'a reply is text (and files); it takes no data part', data.path);
  return validated(ReplyToDeploymentDto, { body: text, ...(urls.length > 0 ? { context_files: urls } : {}) }, 'message.parts[].data');
}

interface ReadParts {
  text: string;
  urls: string[];
  data: { value: Record<string, unknown>; path: string } | null;
}

function partsOf(message: Message): ReadParts {
  const texts: string[] = [];
  const urls: string[] = [];
  let data: ReadParts['data'] = null;
  message.parts.forEach((part: Part, index) => {
    const path = `message.parts[${index}]`;
    const content = part.content;
    switch (content?.$case) {
      case 'text':
        texts.push(content.value);
        return;
      case 'url':
        urls.push(content.value);
        return;
      case 'data': {
        if (data) throw new DomainError('invalid_request', 'send the create options in one data part', `${path}.data`);
        const value: unknown = content.value;
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          throw new DomainError('invalid_request', 'the data part must be a JSON object of create options (skills, urgency, output_schema, …)', `${path}.data`);
        data = { value: value as Record<string, unknown>, path: `${path}.data` };
        return;
      }
      case 'raw':
        throw new DomainError('invalid_request', 'files travel as https URLs (a URL part), not as inline bytes', `${path}.raw`);
      default:
        throw new DomainError('invalid_request', 'a part must hold text, data or a url', path);
    }
  });
  return { text: texts.join('\n\n').trim(), urls, data };
}

/** The DTO's refusal, its field renamed to where it sits in the message. */
function validated<T extends object>(dto: new () => T, body: Record<string, unknown>, dataPath: string): T {
  try {
    return new ValidatedBody(dto).transform(body);
  } catch (error) {
    if (!(error instanceof DomainError) || !error.field) throw error;
    const where = messageFieldOf(error.field, dataPath);
    const message = error.message.startsWith(error.field) ? `${where}${error.message.slice(error.field.length)}` : error.message.replace(error.field, where);
    throw new DomainError(error.code, message, where);
  }
}

function messageFieldOf(field: string, dataPath: string): string {
  if (field === 'brief' || field === 'body') return 'message.parts[].text';
  return `${dataPath}.${field}`;
}
