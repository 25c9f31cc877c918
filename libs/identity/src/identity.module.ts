import { Module } from '@nestjs/common';
import { peopleMigrations } from './adapters/people.migrations';
import { membersViewProjection, operatorsViewProjection } from './adapters/people.projections';

/**
 * People: workspace members and operators, whose views let them sign in the moment
 * they join and stop the moment they are removed. Sessions and passwords are the gateway's own
 * tables (its console migrations), not read models.
 */
@Module({})
export class IdentityModule {
  static readonly projections = [membersViewProjection, operatorsViewProjection];
  static readonly migrations = peopleMigrations;
}
