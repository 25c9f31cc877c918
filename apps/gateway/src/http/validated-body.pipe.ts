import { Body, Injectable, type PipeTransform } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import type { ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { toDtoInstance, unknownField } from './dto-instance';

/**
 * Validates a JSON body against a DTO class: unknown fields are refused, and the first failure
 * becomes 400 `invalid_request` whose message and `param` name the field.
 */
@Injectable()
export class ValidatedBody<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly dto: ClassConstructor<T>) {}

  transform(body: unknown): T {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new DomainError('invalid_request', 'the request body must be a JSON object');
    }
    // Unknown fields first, by own keys, as class-validator's whitelist would report them first.
    const unknown = unknownField(this.dto, body as Record<string, unknown>);
    if (unknown) throw new DomainError('invalid_request', `unknown field ${unknown}`, unknown);
    const instance = toDtoInstance(this.dto, body as Record<string, unknown>);
    const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
    if (errors.length > 0) {
      const { path, message } = firstFailure(errors[0], '');
      throw new DomainError('invalid_request', message, path);
    }
    return instance;
  }
}

/** The handler's JSON body, validated against `dto` as `ValidatedBody` does; the documents read the DTO from it. */
export const ValidBody = <T extends object>(dto: ClassConstructor<T>): ParameterDecorator => Body(new ValidatedBody(dto));

/**
 * Type checks come before format checks, and both before range checks: `"brief": 1e400` is
 * "not a string", not "too long"; `"context_files": [1]` is "not an https URL".
 */
const TYPE_CONSTRAINTS = ['isDefined', 'isString', 'isArray', 'isObject', 'isInt', 'isNumber', 'isBoolean', 'isIn', 'isEnum', 'isUrl', 'isIso8601', 'matches'];

function mostBasicMessage(constraints: Record<string, string>): string {
  const basic = TYPE_CONSTRAINTS.find((name) => Object.hasOwn(constraints, name));
  return basic ? constraints[basic] : Object.values(constraints)[0];
}

function firstFailure(error: ValidationError, parent: string): { path: string; message: string } {
  const path = parent ? (/^\d+$/.test(error.property) ? `${parent}[${error.property}]` : `${parent}.${error.property}`) : error.property;
  if (error.constraints) {
    if (error.constraints.whitelistValidation) return { path, message: `unknown field ${path}` };
    const message = mostBasicMessage(error.constraints);
    return { path, message: message.startsWith(error.property) ? `${path}${message.slice(error.property.length)}` : `${path}: ${message}` };
  }
  const child = error.children?.[0];
  return child ? firstFailure(child, path) : { path, message: `${path} is invalid` };
}
