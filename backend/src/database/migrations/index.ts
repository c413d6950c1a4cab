/** Applied in this order at start. Add new migrations at the end. */
import { Migration20261121200143 } from './Migration20261121200143.js';
import { Migration20261121200514 } from './Migration20261121200514.js';
import { Migration20261121200525 } from './Migration20261121200525.js';
import { Migration20261121213000 } from './Migration20261121213000.js';
import { Migration20261122214158 } from './Migration20261122214158.js';
import { Migration20261122220000 } from './Migration20261122220000.js';
import { Migration20261122220500 } from './Migration20261122220500.js';
import { Migration20261122223000 } from './Migration20261122223000.js';
import { Migration20261122230000 } from './Migration20261122230000.js';
import { Migration20261125100100 } from './Migration20261125100100.js';
import { Migration20261125110000 } from './Migration20261125110000.js';
import { Migration20261125110100 } from './Migration20261125110100.js';
import { Migration20261125110200 } from './Migration20261125110200.js';
import { Migration20261125120000 } from './Migration20261125120000.js';
import { Migration20261125120100 } from './Migration20261125120100.js';
import { Migration20261125120200 } from './Migration20261125120200.js';
import { Migration20261125120300 } from './Migration20261125120300.js';
import { Migration20261125130100 } from './Migration20261125130100.js';
import { Migration20261125130200 } from './Migration20261125130200.js';
import { Migration20261125130300 } from './Migration20261125130300.js';
import { Migration20261125140000 } from './Migration20261125140000.js';
import { Migration20261125140500 } from './Migration20261125140500.js';
import { Migration20261125150000 } from './Migration20261125150000.js';
import { Migration20261125161600 } from './Migration20261125161600.js';
import { Migration20261125161750 } from './Migration20261125161750.js';
import { Migration20261125161900 } from './Migration20261125161900.js';
import { Migration20261125162000 } from './Migration20261125162000.js';
import { Migration20261125162050 } from './Migration20261125162050.js';
import { Migration20261125162100 } from './Migration20261125162100.js';
import { Migration20261125162101 } from './Migration20261125162101.js';
import { Migration20261125162200 } from './Migration20261125162200.js';
import { Migration20261127220000 } from './Migration20261127220000.js';
import { Migration20261129010000 } from './Migration20261129010000.js';
import { Migration20261129020000 } from './Migration20261129020000.js';
import { Migration20261129030000 } from './Migration20261129030000.js';
import { Migration20261129070000 } from './Migration20261129070000.js';
import { Migration20261129071000 } from './Migration20261129071000.js';

/** In timestamp order: each branch wrote its migrations on top of the older ones it had merged. */
export const MIGRATIONS = [
  Migration20261121200143,
  Migration20261121200514,
  Migration20261121200525,
  Migration20261121213000,
  Migration20261122214158,
  Migration20261122220000,
  Migration20261122220500,
  Migration20261122223000,
  Migration20261122230000,
  Migration20261125100100,
  Migration20261125110000,
  Migration20261125110100,
  Migration20261125110200,
  Migration20261125120000,
  Migration20261125120100,
  Migration20261125120200,
  Migration20261125120300,
  Migration20261125130100,
  Migration20261125130200,
  Migration20261125130300,
  Migration20261125140000,
  Migration20261125140500,
  Migration20261125150000,
  Migration20261125161600,
  Migration20261125161750,
  Migration20261125161900,
  Migration20261125162000,
  Migration20261125162050,
  Migration20261125162100,
  Migration20261125162101,
  Migration20261125162200,
  Migration20261127220000,
  Migration20261129010000,
  Migration20261129020000,
  Migration20261129030000,
  Migration20261129070000,
  Migration20261129071000,
];
