import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/**
 * react-admin's English texts plus ours. Bulk actions notify `resources.{resource}.notifications.{deleted|updated}`
 * (react-admin's own keys, with smart_count); SPEC words the single-record toasts only, so these are ours.
 */
const messages = {
  ...englishMessages,
  resources: {
    'blog-posts': {
      name: 'Blog post |||| Blog posts',
      notifications: {
        deleted: '%{smart_count} post deleted |||| %{smart_count} posts deleted',
        updated: '%{smart_count} post updated |||| %{smart_count} posts updated',
      },
    },
    companies: {
      name: 'Company |||| Companies',
      notifications: { deleted: '%{smart_count} company deleted |||| %{smart_count} companies deleted' },
    },
    discounts: {
      name: 'Discount |||| Discounts',
      notifications: { deleted: '%{smart_count} discount deleted |||| %{smart_count} discounts deleted' },
    },
    'newsletter-subscribers': {
      name: 'Subscriber |||| Subscribers',
      notifications: { deleted: '%{smart_count} subscriber deleted |||| %{smart_count} subscribers deleted' },
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ name: 'en', value: 'English' }], { allowMissing: true });
