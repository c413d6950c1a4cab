import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { labelsOf, type RouteLabels } from './route-labels.js';

export interface RouteEntry extends RouteLabels {
  method: string;
  path: string;
  controller: string;
  handler: string;
  /** The handler and its controller, for reading other modules' labels (audit, no-store) with the Reflector. */
  targets: [(...args: unknown[]) => unknown, Type<unknown>];
}

const join = (...parts: string[]) => `/${parts.map((p) => p.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}`;
const asList = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : [v ?? '']);

/** Every route the app's controllers declare, with the labels the guards will read for it. */
export function routeTable(app: INestApplication): RouteEntry[] {
  const reflector = app.get(Reflector);
  const scanner = new MetadataScanner();
  const entries: RouteEntry[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, (...args: unknown[]) => unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const labels = labelsOf(reflector, [handler, controller]);
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined)) {
          for (const sub of asList(Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined)) {
            entries.push({ method: RequestMethod[method], path: join(base, sub), controller: controller.name, handler: name, targets: [handler, controller], ...labels });
          }
        }
      }
    }
  }
  return entries;
}
