import { BlogPostList } from './BlogPostList.js';
import { BlogPostCreate } from './BlogPostCreate.js';
import { BlogPostEdit } from './BlogPostEdit.js';

/** The views of the resource, spread into its <Resource> (AdminApp.tsx), as in react-admin's demo. */
export default { list: BlogPostList, create: BlogPostCreate, edit: BlogPostEdit };
