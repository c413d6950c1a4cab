import { Controller, Get, Post, Put } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { noStoreOf } from '../cache/no-store.js';
import { AdminResource, adminWriteOf, Audit, auditLabelOf, NotAudited } from './admin-write.js';

@Controller('_api/admin/things')
@AdminResource('things')
class ThingsController {
  @Get()
  list() {}

  @Audit('create')
  @Post()
  create() {}

  @Audit('restore')
  @Post(':id/revisions/:revisionId/restore')
  restore() {}

  @NotAudited()
  @Post(':id/autosave')
  autosave() {}

  @Put(':id')
  unlabelled() {}
}

@Controller('_api/things')
class PublicThingsController {
  @Audit('create')
  @Post()
  create() {}
}

describe('admin write labels', () => {
  const reflector = new Reflector();
  const of = (name: keyof ThingsController) => [ThingsController.prototype[name], ThingsController] as [() => void, typeof ThingsController];

  it('logs a labelled write as its resource and action', () => {
    expect(adminWriteOf(reflector, of('create'))).toEqual({ resource: 'things', action: 'create' });
    expect(adminWriteOf(reflector, of('restore'))).toEqual({ resource: 'things', action: 'restore' });
  });

  it('logs neither reads nor writes that say they change no record', () => {
    expect(adminWriteOf(reflector, of('list'))).toBeNull();
    expect(adminWriteOf(reflector, of('autosave'))).toBeNull();
  });

  it('tells an unlabelled write (undefined) from one labelled not to be logged (null)', () => {
    expect(auditLabelOf(reflector, of('unlabelled'))).toBeUndefined();
    expect(auditLabelOf(reflector, of('autosave'))).toBeNull();
  });

  it('logs nothing outside an admin resource', () => {
    expect(adminWriteOf(reflector, [PublicThingsController.prototype.create, PublicThingsController])).toBeNull();
  });

  it('keeps every answer of an admin resource out of any cache', () => {
    expect(noStoreOf(reflector, of('list'))).toBe('no-store');
    expect(noStoreOf(reflector, [PublicThingsController.prototype.create, PublicThingsController])).toBeUndefined();
  });
});
