import { Body, Injectable, type PipeTransform } from '@nestjs/common';
import type { ClassConstructor } from 'class-transformer';
import { ValidatedBody } from './validated-body.pipe';

/**
 * For actions whose body is optional (cancel): a request with no body is read as `{}`; a body
 * that is sent is validated like any other, so `null`, arrays and unknown fields are still 400.
 */
@Injectable()
export class OptionalValidatedBody<T extends object> implements PipeTransform<unknown, T> {
  private readonly validated: ValidatedBody<T>;

  constructor(dto: ClassConstructor<T>) {
    this.validated = new ValidatedBody(dto);
  }

  transform(body: unknown): T {
    return this.validated.transform(body === undefined ? {} : body);
  }
}

/** The handler's body when it may be left out, validated against `dto` when sent (see `OptionalValidatedBody`). */
export const OptionalBody = <T extends object>(dto: ClassConstructor<T>): ParameterDecorator => Body(new OptionalValidatedBody(dto));
