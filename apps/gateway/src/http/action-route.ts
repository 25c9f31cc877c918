import { applyDecorators, HttpCode, Post } from '@nestjs/common';

/**
 * A POST that creates nothing (an action on something that exists, or a computation such as a
 * quote): it answers 200 instead of Nest's 201 for a POST. `describe` is the route's description
 * for its document (`PublicOperation(…)`, `ExpertOperation(…)`, `AdminOperation(…)`); `more` adds
 * what else the route needs, such as the resource it answers with.
 */
export const ActionRoute = (describe: MethodDecorator, path: string, ...more: MethodDecorator[]): MethodDecorator =>
  applyDecorators(describe, Post(path), HttpCode(200), ...more);
