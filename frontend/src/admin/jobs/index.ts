import { JobList } from './JobList.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: JobList };
