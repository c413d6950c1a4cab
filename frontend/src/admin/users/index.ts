import { UserList } from './UserList.js';
import { UserCreate } from './UserCreate.js';
import { UserEdit } from './UserEdit.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: UserList, create: UserCreate, edit: UserEdit };
