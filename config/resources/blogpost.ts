import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, STAFF_READERS, union } from '../access.ts';
import { LANGUAGES } from '../constants.ts';
import { text } from '../i18n/serverText.ts';

/** News posts of the platform shown to members; written by admins, read by every signed-in account. */
export default defineResource({
  name: 'blogpost',
  label: { de: { one: 'Blogbeitrag', many: 'Blogbeiträge' }, en: { one: 'Blog post', many: 'Blog posts' } },
  titleField: 'title',
  fields: {
    title: { type: 'text', label: t('Titel', 'Title'), required: true, min: 2, max: 200 },
    slug: { type: 'text', label: t('Kurzname (URL)', 'Slug'), required: true, min: 2, max: 200, unique: true },
    language: { type: 'enum', label: t('Sprache', 'Language'), options: LANGUAGES, required: true, default: 'de' },
    teaser: { type: 'textarea', label: t('Anreißer', 'Teaser'), max: 1000 },
    body: { type: 'textarea', label: t('Text', 'Body'), max: 100000 },
    image: { type: 'url', label: t('Bild', 'Image'), max: 2000 },
    published: { type: 'boolean', label: t('Veröffentlicht', 'Published'), default: false },
    publishedAt: { type: 'datetime', label: t('Veröffentlicht am', 'Published on') },
    author: { type: 'ref', ref: 'login', label: t('Autor', 'Author'), readOnly: true },
  },
  list: {
    columns: ['title', 'language', 'published', 'publishedAt'],
    search: ['title', 'teaser', 'body'],
    filters: ['language', 'published', 'author'],
  },
  access: { read: union(STAFF_READERS, ADVERTISER_READERS, ['publisher']), create: ADMINS, update: ADMINS, delete: ADMINS, recover: ADMINS },
  hooks: {
    validate({ values }) {
      return typeof values.slug === 'string' && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(values.slug)
        ? [{ field: 'slug', message: text('resources.blogpost.slug') }]
        : [];
    },
  },
});
