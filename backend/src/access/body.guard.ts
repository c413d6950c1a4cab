import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { parseBody } from '../common/body-limits.js';
import { labelsOfContext } from './route-labels.js';

/**
 * Reads the body kind label (@TakesUploads, @TakesForm; JSON otherwise) and parses the body after the
 * access check: routes for signed-in roles and upload routes take the large JSON limit, anonymous ones
 * the small one, and only form routes parse a form. An anonymous caller never gets a large body read.
 */
@Injectable()
export class BodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const { bodyKind, isPublic } = labelsOfContext(this.reflector, context);
    await parseBody(http.getRequest<Request>(), http.getResponse<Response>(), {
      large: bodyKind === 'upload' || !isPublic,
      form: bodyKind === 'form' || bodyKind === 'one-click',
      results: bodyKind === 'results' || bodyKind === 'results-form',
      resultsForm: bodyKind === 'results-form',
    });
    return true;
  }
}
