/**
 * Every user-visible message of docs/spec.md §5 and §8, word for word, plus the few
 * server messages SPEC leaves to us. Both sides import from here so a text
 * is written once.
 */
export const MSG = {
  // docs/spec.md §5 validation
  companyNameRequired: 'Company name is required',
  titleRequired: 'Title is required',
  slugRequired: 'Slug is required',
  slugFormat: 'Slug must be lowercase with dashes',
  contentRequired: 'Content is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  newsletterEmailInvalid: 'Please enter a valid email address.',
  newsletterEmailInvalidShort: 'Please enter a valid email.',
  uploadOneImage: 'Please upload only one image.',
  uploadInvalidType: 'Invalid file type. Please upload an image.',
  uploadTooLarge: 'File is too large. Maximum size is 5MB.',
  uploadReadFailed: 'Failed to read the file.',
  uploadLoadFailed: 'Failed to load image for processing.',
  required: 'Required',

  // docs/spec.md §8 errors
  sessionCheckFailed: 'Session check failed',
  unknownError: 'Unknown error',
  subscribeUnknownError: 'An unknown error occurred',
  loginFailed: 'Login failed',
  loginFailedRetry: 'Login failed. Please try again.',

  // Server messages SPEC does not word (ours)
  invalidCredentials: 'Invalid email or password',
  notAuthenticated: 'Not authenticated',
  accessDenied: (role: string) => `Access denied. Your role (${role}) lacks required permissions.`,
  tooManyLoginAttempts: (minutes: number) =>
    `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyRequests: 'Too many requests. Please try again later.',
  unknownProperties: (names: string[]) =>
    `Unknown propert${names.length === 1 ? 'y' : 'ies'}: ${names.join(', ')}`,
  readOnlyChanged: (names: string[]) =>
    `Read-only field${names.length === 1 ? '' : 's'} cannot be changed: ${names.join(', ')}`,
  readOnlyField: 'This field is set by the server and cannot be changed',
  invalidUrl: (label: string) => `${label} must be a valid URL`,
  invalidImage: (label: string) => `${label} must be a valid URL or an uploaded image`,
  ratingRange: 'Rating must be a number from 0 to 5 in steps of 0.1',
  idRequired: 'id is required',
  idInteger: 'id must be a positive integer',
  notFound: (thing: string) => `${thing} not found`,
  routeNotFound: 'Not found',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  internalError: 'Something went wrong on our side. Please try again.',
  diskFull: "The server's disk is full, so nothing was saved. Please try again later.",
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  bodyTooDeep: (levels: number) => `The request body nests more than ${levels} levels deep.`,
  unreadableBody: 'The request body could not be read.',
  headersTooLarge: 'The request address or headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  malformedRequest: 'The request is malformed.',
  unsupportedBodyEncoding: 'The request body must be UTF-8 JSON, optionally gzip, deflate or br compressed.',
  invalidListParam: (name: string) => `Invalid ${name} parameter`,
  crossOrigin: 'Cross-origin requests are not allowed.',
  originUnconfirmed: "This request's origin could not be confirmed. Send the form again from the site's own page.",
  signInNeedsHttps:
    'Sign-in needs HTTPS: this site is configured for https (PUBLIC_SITE_URL) but the request came over plain http, ' +
    'so the session cookie cannot be set. Open the site over https, or set TRUST_PROXY behind a TLS proxy.',
  jsonRequired: 'Requests that change data must be sent as application/json.',

  // Discounts: server messages SPEC does not word (ours)
  companyRequired: 'Company is required',
  companyMissing: (id: number) => `Company ${id} does not exist`,
  discountStatusInvalid: 'Status must be one of: active, coming_soon, expired',
  discountPercentageRange: 'Discount percentage must be a number from 0 to 100',
  amountInvalid: (label: string) => `${label} must be a number of at least 0`,
  amountTooLarge: (label: string) => `${label} must be at most 99,999,999.99`,
  validFromInvalid: 'Valid from must be a date (YYYY-MM-DD)',
  validUntilInvalid: 'Valid until must be a date and time (ISO 8601)',
  companyHasDiscounts: (n: number) =>
    `This company still has ${n} discount${n === 1 ? '' : 's'}. Delete or move them first.`,

  // docs/spec.md §4 admin expiry label and §9 discount badge
  expiryNone: 'No expiry',
  expiryPast: 'Expired',
  expiryToday: 'Expires today',
  expiryTomorrow: 'Expires tomorrow',
  expiryDaysLeft: (n: number) => `${n} days left`,
  invalidDate: 'Invalid date',
  badgePercent: (n: string) => `${n}% OFF`,
  badgeAmount: (n: string) => `$${n} OFF`,
  badgeSpecialOffer: 'Special Offer',

  // Blog posts (docs/spec.md §5 words are above: titleRequired, slugRequired, slugFormat, contentRequired)
  blogSlugTaken: (slug: string) => `A post with the slug "${slug}" already exists. Choose another slug.`,
  blogPostNotFound: 'Post not found',
  blogStatusInvalid: 'Invalid status. Expected one of: draft, published, archived',
  blogCategoryInvalid: 'Invalid category. Expected one of: review, guide, news, general',
  blogTagsInvalid: 'Tags must be a list of text',
  blogTagTooLong: (max: number) => `Each tag must be at most ${max} characters`,
  blogTooManyTags: (max: number) => `A post can have at most ${max} tags`,
  blogPublishedAtInvalid: 'Published date must be a valid date',
  blogPageInvalid: 'Page must be a positive integer',
  blogLimitInvalid: 'Limit must be a positive integer',
  blogTagParamInvalid: 'Tag must be text',
  blogSearchParamInvalid: 'Search text must be text',
  unstorableText: 'The request contains characters that cannot be stored (such as a NUL character).',

  // Newsletter (docs/spec.md §5 gives the invalid-email text; the rest are ours)
  newsletterSubscribed: 'Thanks for subscribing! Watch your inbox for verified deals.',
  newsletterAlreadySubscribed: "You're already subscribed. Thanks for being with us!",
  newsletterResubscribed: 'Welcome back! You are subscribed again. Watch your inbox for verified deals.',
  newsletterUnsubscribed: 'You have been unsubscribed and will not receive our newsletter any more.',
  newsletterSourceInvalid:
    'Source must be one of blog_sidebar_vtf, blog-sidebar, blog-news-sidebar, blog-guides-sidebar, blog-reviews-sidebar, homepage, discounts-page, about-page-cta or blog-post-{slug}.',
  newsletterTokenInvalid: 'This unsubscribe link is invalid. Please use the link from your latest newsletter email.',
  newsletterTokenMissing: 'This unsubscribe link is missing its token. Please use the link from your latest newsletter email.',
  // Double opt-in and email (issue #16; our words)
  newsletterConfirmed: 'Your subscription is confirmed. Watch your inbox for verified deals every Monday.',
  newsletterConfirmInvalid: 'This confirmation link is invalid. Please use the link from your latest confirmation email, or subscribe again.',
  newsletterConfirmExpired: 'This confirmation link has expired. Subscribe again and we will send you a new one.',
  newsletterPreferencesSaved: 'Your email preferences are saved.',
  newsletterPreferencesInvalid: 'This preferences link is invalid. Please use the link from your latest newsletter email.',
  webhookSecretInvalid: 'Invalid webhook secret',
  webhookEventInvalid: 'The event must be {type: "bounce" | "complaint", email}.',
  campaignNotFound: 'Campaign not found',
  campaignNotEditable: (status: string) => `A ${status} campaign cannot be changed.`,
  campaignCannotSend: (status: string) => `A ${status} campaign cannot be sent.`,
  campaignCannotCancel: 'Only a scheduled campaign can be cancelled.',
  campaignScheduledInPast: 'The scheduled time must be in the future.',
  campaignEmpty: 'Write the campaign before sending it.',
  campaignEditorDraftsOnly: 'Editors write campaign drafts; an admin schedules and sends them.',
  digestNothingNew: 'Nothing new since the last digest: no digest drafted.',
  emailInvalid: 'Please enter a valid email address.',
  tooManySubscribeAttempts: (minutes: number) =>
    `Too many signup attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  subscriberStatusInvalid: 'Status must be subscribed or unsubscribed',
  invalidSuperjson: 'The request body is not valid superjson.',

  // Media (docs/spec.md §5 gives the upload texts above; these are ours)
  uploadMissing: 'Please choose an image to upload.',
  uploadTooManyPixels: (megapixels: number) =>
    `The image is too large to process. Please upload an image of at most ${megapixels} megapixels.`,
  uploadKind: 'Kind must be one of logo, discount, featured, default',
} as const;

/** docs/spec.md §8 success toasts and the failure toast prefixes. */
export const TOAST = {
  companyCreated: 'Company created successfully!',
  companyUpdated: 'Company updated successfully!',
  companyDeleted: 'Company deleted successfully!',
  discountCreated: 'Discount created successfully!',
  discountUpdated: 'Discount updated successfully!',
  discountDeleted: 'Discount deleted successfully!',
  postCreated: 'Blog post created successfully!',
  postUpdated: 'Blog post updated successfully!',
  postDeleted: 'Blog post deleted successfully!',
  // The floating share button's copy-link fallback (ours)
  linkCopied: 'Link copied!',
  linkCopiedDescription: 'Paste it anywhere to share this page.',
  linkCopyFailed: 'Failed to copy link',
  linkCopyFailedDescription: 'Please copy the address from your browser bar.',
  failed: (action: string, message: string) => `Failed to ${action}: ${message}`,
  subscriptionFailed: (message: string) => `Subscription failed: ${message}`,
  // docs/spec.md §2 "Code copy"
  codeCopied: 'Discount code copied!',
  codeCopiedDescription: (code: string) => `${code} is ready to paste at checkout.`,
  codeCopyFailed: 'Failed to copy code',
  codeCopyFailedDescription: 'Please try copying manually',
} as const;

/** The /discounts page: docs/spec.md §2 state headings word for word, the rest ours. */
export const DISCOUNTS_PAGE = {
  loadFailed: 'Unable to Load Verified Opportunities',
  empty: 'No Verified Opportunities Available',
  endsToday: 'Ends today',
  endsTomorrow: 'Ends tomorrow',
  endsInDays: (n: number) => `Ends in ${n} days`,
} as const;

/** docs/spec.md §2 "Blog list" screen texts of the public blog pages, word for word. */
export const BLOG_TEXT = {
  /** Issue #21: a search's count, exact up to the cap, then "1,000+" (see searchCountLabel). */
  searchCount: (count: string, one: boolean) => `${count} ${one ? 'result' : 'results'}`,
  searchSuggestions: 'Did you mean:',
  emptyTitle: 'No posts found',
  emptyText: 'There are no published posts to display at this time.',
  errorTitle: 'Unable to load posts',
  errorText: 'There was an error loading the blog posts. Please try again later.',
  postNotFoundTitle: 'Post not found',
  postNotFoundText: "The blog post you're looking for doesn't exist or has been moved.",
  backToBlog: 'Back to Blog',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, totalPages: number) => `Page ${page} of ${totalPages}`,
  dateMissing: 'N/A',
  // Ours (issue 22): an empty page says what was asked for, and leads back to every post.
  noSearchResults: (q: string) => `No published posts match \u201c${q}\u201d.`,
  noTaggedPosts: (tag: string) => `No published posts are tagged \u201c${tag}\u201d.`,
  pastTheEnd: (page: number, totalPages: number) =>
    `There is no page ${page} of this list: it has ${totalPages} page${totalPages === 1 ? '' : 's'}.`,
  allPosts: 'See all posts',
} as const;

/**
 * Page titles and descriptions (the <head> of every route, common/seo/page-head.ts).
 * docs/spec.md §1: the provider tests prop firms so traders don't have to, promising verified discounts,
 * honest reviews and payout protection. docs/spec.md §2 words for the admin and not-found titles.
 */
export const PAGE_TEXT = {
  home: {
    title: 'Verified Trader Funding | Verified Prop Firm Discounts & Reviews',
    description:
      'We test prop firms so you don\u2019t have to: verified discount codes up to 50% off, honest reviews and payout protection for funded traders.',
  },
  about: {
    title: 'About Us: How We Test and Verify Prop Firms',
    description:
      'Meet the trader behind Verified Trader Funding: how we test every prop firm, verify each discount and back our payout guarantee.',
  },
  discounts: {
    // Titles stay within the 70 characters search results show, with ' | Verified Trader Funding'.
    title: 'Prop Firm Discount Codes (Up to 50% Off)',
    description:
      'Exclusive prop firm discount codes, each one checked by our team before it goes live. Save up to 50% on your next trading challenge.',
  },
  blog: {
    title: 'Prop Trading Blog: News, Guides and Reviews',
    description:
      'Prop firm news, step-by-step trading guides and honest reviews from traders who test every firm before recommending it.',
  },
  news: {
    title: 'Prop Firm News',
    description:
      'The latest prop trading firm news: rule changes, new programs, payout updates and industry moves, checked by our team.',
  },
  guide: {
    title: 'Prop Trading Guides',
    description:
      'Step-by-step guides to passing prop firm challenges, managing risk and getting funded, written by traders for traders.',
  },
  review: {
    title: 'Prop Firm Reviews',
    description:
      'Honest, tested reviews of prop trading firms: rules, payouts, pricing and support, so you can choose a firm with confidence.',
  },
  general: {
    title: 'General Trading Articles',
    description: 'Articles on prop trading, funded accounts and trader psychology from the Verified Trader Funding team.',
  },
  tag: {
    title: (tag: string) => `Posts Tagged \u201c${tag}\u201d`,
    description: (tag: string) =>
      `Articles about ${tag}: prop firm news, guides and honest reviews from Verified Trader Funding.`,
  },
  search: {
    title: (q: string) => `Search Results for \u201c${q}\u201d`,
    description: (q: string) => `Blog posts about \u201c${q}\u201d: prop firm news, guides and reviews from Verified Trader Funding.`,
  },
  pageSuffix: (page: number) => ` \u2013 Page ${page}`,
  login: { title: 'Admin Login', description: 'Sign in to manage Verified Trader Funding.' },
  acceptInvite: {
    title: 'Accept your invitation',
    description: 'Choose a password to finish setting up your account. You will be signed in and taken to the admin.',
  },
  unsubscribe: {
    title: 'Unsubscribe from the Newsletter',
    description: 'Manage your Verified Trader Funding newsletter subscription.',
  },
  notFound: {
    title: '404 Not Found',
    heading: 'Page Not Found',
    description: 'The page you are looking for may have been moved, renamed or is temporarily unavailable.',
  },
  postNotFound: {
    title: 'Post Not Found',
    description: 'The blog post you\u2019re looking for doesn\u2019t exist or has been moved.',
  },
  admin: {
    description: 'Administration area of Verified Trader Funding.',
    suffix: ' - Admin',
    dashboard: 'Admin Dashboard',
    companies: 'Manage Companies',
    discounts: 'Manage Discounts',
    blogPosts: 'Manage Blog Posts',
    newsletter: 'Newsletter Subscribers',
    newPost: 'New Blog Post',
    editPost: (title: string) => `Edit: ${title}`,
    editPostLoading: 'Loading...',
    editPostUnknown: 'Edit Blog Post',
    firmChanges: 'Firm changelog',
    newFirmChange: 'New changelog entry',
    editFirmChange: 'Edit changelog entry',
    other: 'Admin',
  },
  defaultImageAlt: 'Verified Trader Funding: verified prop firm discounts, honest reviews and payout protection',
  rssTitle: 'Verified Trader Funding Blog',
} as const;

/** /admin/newsletter (docs/spec.md §2 words verbatim; the row actions, their toasts and the pager labels are ours). */
export const ADMIN_NEWSLETTER = {
  title: 'Newsletter Subscribers',
  subtitle: 'View, manage, and export your subscriber list.',
  backToDashboard: 'Back to Dashboard',
  exportCsv: 'Export CSV',
  exportEmpty: 'Export CSV: there are no subscribers matching the current filters to export.',
  searchPlaceholder: 'Search by email...',
  filterAll: 'All',
  filterSubscribed: 'Subscribed',
  filterUnsubscribed: 'Unsubscribed',
  statTotal: 'Total Subscribers',
  statNew: 'New (Last 7 Days)',
  statActive: 'Active / Unsubscribed',
  columnEmail: 'Email',
  columnSubscribedAt: 'Subscribed Date',
  columnStatus: 'Status',
  columnSource: 'Source',
  columnActions: 'Actions',
  statusLabel: { subscribed: 'Subscribed', unsubscribed: 'Unsubscribed' },
  error: (message: string) => `Error fetching subscribers: ${message}`,
  empty: 'No newsletter subscribers found.',
  actionsFor: (email: string) => `Actions for ${email}`,
  markUnsubscribed: 'Mark as unsubscribed',
  markSubscribed: 'Mark as subscribed',
  delete: 'Delete',
  deleteTitle: 'Delete Subscriber',
  deleteText: (email: string) => `Are you sure you want to delete "${email}"? This action cannot be undone.`,
  cancel: 'Cancel',
  deleting: 'Deleting...',
  updated: (email: string, status: 'subscribed' | 'unsubscribed') =>
    status === 'subscribed' ? `${email} is subscribed again.` : `${email} has been unsubscribed.`,
  deleted: 'Subscriber deleted successfully!',
  updateFailed: (message: string) => `Failed to update subscriber: ${message}`,
  deleteFailed: (message: string) => `Failed to delete subscriber: ${message}`,
  pagination: 'Subscriber pages',
  previous: 'Previous',
  next: 'Next',
  goToPage: (page: number) => `Page ${page}`,
  /** Numbers with thousands separators: 'Showing 1–20 of 100,050'. */
  count: (n: number) => n.toLocaleString('en-US'),
  showing: (from: number, to: number, total: number) =>
    `Showing ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
} as const;
