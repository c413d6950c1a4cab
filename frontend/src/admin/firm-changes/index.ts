import { FirmChangeList } from './FirmChangeList.js';
import { FirmChangeCreate } from './FirmChangeCreate.js';
import { FirmChangeEdit } from './FirmChangeEdit.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: FirmChangeList, create: FirmChangeCreate, edit: FirmChangeEdit };
