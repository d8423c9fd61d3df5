/** App messages in English; same keys as `de.ts`. */
import type { AppMessages } from './de.ts';

export const en: AppMessages = {
  app: {
    name: 'AdSuite',
    menu: {
      advertiser: 'Advertiser',
      panel: 'Panel',
      sections: {
        management: 'Management',
        adtech: 'Ad Tech',
        admin: 'Admin',
        sysop: 'Sysop',
      },
      new_booking: 'New booking',
      new_template: 'New booking template',
      affiliate_wizard: 'Affiliate-Wizard',
      affiliate_dashboard: 'Affiliate-Dashboard',
      creatives: 'Creatives',
      ad_tags: 'Ad tags',
    },
    topbar: {
      tenant: 'Advertiser / publisher',
      publisher: 'Publisher',
      container_code: 'Container code',
      container_code_intro: 'Put this code on every page of your shop, best right before </body>. It measures visits, carts and orders for your campaigns.',
      finances: 'Finances',
      profile: 'Profile',
      menu: 'Menu',
    },
    footer: {
      copyright: '© %{year} AdSuite',
      privacy: 'Privacy',
      faq: 'FAQ',
    },
    auth: {
      title: 'Sign in to the member area',
      email: 'E-mail',
      password: 'Password',
      sign_in: 'Sign in',
      login_failed: 'Login failed, please try again.',
      system_error: 'System error. Please contact our support (support@adsuite.de).',
      not_authenticated: 'Please log in to enter the member area.',
      session_idle: 'Due to inactivity your session expired. Please log in again',
      access_expired: 'Access Expired.',
      access_changed: 'Access changed.',
    },
    list: {
      empty: 'No items',
      show_archived: 'Show deleted',
      created: 'Created',
    },
    action: {
      delete: 'Delete',
      recover: 'Recover',
      forget_it: 'Forget it',
      copy: 'Copy',
      copy_id: 'Copy ID',
    },
    confirm: {
      delete_title: 'Delete %{type}',
      delete: 'Are you sure you want to delete this %{type}?',
      recover_title: 'Recover %{type}',
      recover: 'Are you sure you want to recover this %{type}?',
    },
    notification: {
      created: 'Entity created successfully',
      updated: 'Entity updated successfully',
      deleted: '%{type} deleted.',
      recovered: '%{type} recovered.',
      unknown_error: 'An error occured',
      copied: 'Copied to the clipboard',
      copy_failed: 'Cannot copy – please select and copy by hand',
    },
    validation: {
      json: 'Not valid JSON',
      url: 'The address must start with http:// or https://',
      integer: 'Please enter a whole number',
      max_items: 'At most %{max} entries',
    },
  },
};
