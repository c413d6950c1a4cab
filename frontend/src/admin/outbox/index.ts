import { OutboxList } from './OutboxList.js';
import { OutboxShow } from './OutboxShow.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: OutboxList, show: OutboxShow };
