import { expect, test } from './fixtures.ts';
import { html } from './helpers/server.ts';

/** The bit of the extension API the test calls inside the service worker (e2e has no chrome types). */
interface ChromeDebugger {
  chrome: { debugger: { detach(target: { tabId: number }): Promise<void> } };
}

test.describe('debugger lifecycle', () => {
  test('after the debugger is detached, the next command reattaches and capture resumes', async ({ agent }) => {
    const nav = await agent.server.ok('browser_navigate', { url: agent.pages.page('/lifecycle', html("<script>console.log('before detach')</script>")) });
    const tabId = Number(/Tab: (\d+)/.exec(nav.text)![1]);
    await expect.poll(async () => (await agent.server.ok('browser_console_messages')).text).toContain('before detach');

    // What closing the "started debugging" bar or a crash does: the session is gone behind our back.
    const worker = await agent.browser.serviceWorker();
    await worker.evaluate((id) => (globalThis as unknown as ChromeDebugger).chrome.debugger.detach({ tabId: id }), tabId);

    const evaluated = await agent.server.ok('browser_evaluate', { expression: "console.log('after reattach'); 1 + 1" });
    expect(evaluated.text).toContain('2');
    const { text } = await agent.server.ok('browser_console_messages');
    expect(text).toContain('after reattach');
    // The replay on re-enable does not duplicate what was already captured.
    expect(text.match(/before detach/g)).toHaveLength(1);
  });
});
