import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

/**
 * Public half of the extension's signing key. It fixes the extension id
 * (src/shared/constants.ts EXTENSION_ID) for every unpacked copy, so the
 * server's origin check and the tests can rely on it.
 */
const KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAo/maHouHI6/ymxSMcq5rctTCjgMW9xN8ihnm0Pz6RI9DaX6grP/tqJxG3UZC1aD5D5224ayKMPsfrlNmGkE0WSaLNDLiLQ608wCf7fb16eBV5aqiZh+skQbhIydIlqsbmyzqaNF45B4hwon0AamHd284liijP0SKkPoHIZCoa1LeMbThv8yuzIUwjDq91k2FnScDSAqKwgsfR85aVK6pvIJozB2EsFjRNEkkmkVuOKihVUuiwLAx3jwrf1wJjxKWD2R54MJc07XpkVNR23TFkrcLh5Ntm7BwTK2YLPJ59CrZ3lYa1MLS6i9IicokCLRl6e+PWVOSiwKW+6HeCoL+1QIDAQAB';

export default defineManifest({
  manifest_version: 3,
  name: 'LLM Browser Agent',
  description: 'Lets an LLM agent see and drive this browser through the local browser-agent server.',
  version: pkg.version,
  key: KEY,
  minimum_chrome_version: '116',
  permissions: ['debugger', 'tabs', 'scripting', 'storage', 'webNavigation', 'alarms', 'downloads', 'tabGroups'],
  host_permissions: ['<all_urls>'],
  background: { service_worker: 'src/background/index.ts', type: 'module' },
  action: { default_popup: 'src/popup/index.html', default_title: 'LLM Browser Agent' },
  devtools_page: 'src/devtools/devtools.html',
  content_scripts: [
    {
      matches: ['<all_urls>'],
      js: ['src/content/index.ts'],
      run_at: 'document_idle',
      all_frames: true,
      match_about_blank: true,
      // Also run in about:blank/srcdoc/data: frames, whose origin is their creator's.
      ...({ match_origin_as_fallback: true } as object),
    },
  ],
});
