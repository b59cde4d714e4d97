import { expect, test } from '@playwright/test';
import { createHome, freePort, McpServerProcess } from './helpers/agent-server.ts';
import { ExtensionBrowser } from './helpers/extension-browser.ts';
import { assertBuilt, removeDir, tempDir } from './helpers/paths.ts';
import { html, TestServer } from './helpers/server.ts';

test('a user pairs their own browser from the popup, and a wrong token is refused with the reason', async () => {
  assertBuilt();
  const dir = tempDir('popup');
  const port = await freePort();
  const { home, token } = createHome(dir);
  const server = await new McpServerProcess({ args: ['--port', String(port), '--no-launch'], home }).start();
  // No pairing.json: this is the user's own install, paired by hand.
  const browser = await new ExtensionBrowser({ dir }).start();
  const pages = await new TestServer().start();
  try {
    const popup = await browser.popup();
    await expect(popup.getByText('Not paired yet.')).toBeVisible();
    // Before anything is set, the status says what to do: no server answers on the default port (or, where
    // one runs, it refuses a browser without the token).
    await expect(popup.getByRole('status')).toContainText(/not paired yet: start the server .* then paste the token "browser-agent token" prints|Not paired: run "browser-agent token"/);
    await popup.getByLabel('Server port').fill(String(port));
    await popup.getByLabel('Pairing token').fill('wrong-token');
    await popup.getByRole('button', { name: 'Save and connect' }).click();
    await expect(popup.getByRole('status')).toContainText('Refused');
    await expect(popup.getByRole('status')).toContainText('Pairing token rejected: wrong pairing token');

    await popup.getByLabel('Pairing token').fill(token);
    await popup.getByRole('button', { name: 'Save and connect' }).click();
    await expect(popup.getByRole('status')).toContainText(`Connected — ws://127.0.0.1:${port}/extension`);

    const result = await server.ok('browser_navigate', { url: pages.page('/p', html('<p>paired</p>', 'Paired')) });
    expect(result.text).toContain('Title: Paired');

    // The toggle disconnects.
    await popup.locator('label.toggle').click();
    await expect(popup.getByLabel('Connect to the agent server')).not.toBeChecked();
    await expect(popup.getByRole('status')).toContainText('Off');
    await server.waitForLog(/extension disconnected/);
  } finally {
    await server.stop();
    await browser.stop();
    await pages.stop();
    removeDir(dir);
  }
});
