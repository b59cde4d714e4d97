#!/usr/bin/env node
/**
 * browser-agent: the agent server's command line.
 *   browser-agent mcp     MCP over stdio + the extension endpoint (what MCP clients run)
 *   browser-agent token   print the pairing token for the extension popup
 *   browser-agent start   check the whole chain with a managed browser and print how to connect
 *   browser-agent <command> [args]   one browser action from the shell (shell/)
 */
import { runMcp } from './commands/mcp.ts';
import { runServe } from './commands/serve.ts';
import { runStart } from './commands/start.ts';
import { runToken } from './commands/token.ts';
import { FLAG_DEFS } from './shell/commands.ts';
import { commandsHelp, isShellCommand, runShell } from './shell/index.ts';
import { OPTIONS_HELP, SERVER_FLAG_DEFS } from './options.ts';
import { SERVER_VERSION } from './version.ts';

const HELP = `browser-agent ${SERVER_VERSION} — let an LLM agent drive a real Chromium over MCP

Usage:
  browser-agent mcp [options]     run the MCP server on stdio (add this to your MCP client)
  browser-agent serve [options]   run a shared hub: the extension endpoint + MCP over HTTP at /mcp
  browser-agent token [--rotate]  print the pairing token to paste into the extension popup
  browser-agent start [--check]   self-check with a managed browser, print setup help, then run the hub
                                  with the playground (--check: stop after the self-check)
  browser-agent --help | --version

${OPTIONS_HELP}

${commandsHelp()}`;

/** Flags that take a value: what follows one is its value, not the command. */
const VALUED_FLAGS = new Set(Object.entries({ ...SERVER_FLAG_DEFS, ...FLAG_DEFS }).filter(([, def]) => def.type === 'string').map(([name]) => `--${name}`));

/**
 * The command first, wherever it was given: people put flags before it (`browser-agent --port 4000 open
 * URL`, as `git -C dir log`), and an MCP client configured as Playwright MCP's is (`browser-agent
 * --headless`) gives flags alone, which are the MCP server's, as no command at all is. Both used to
 * fail with 'Unknown command "--port"'.
 */
function commandFirst(argv: string[]): string[] {
  if (!argv[0]?.startsWith('-') || ['--help', '-h', '--version', '-v'].includes(argv[0])) return argv;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (!arg.startsWith('-')) return [arg, ...argv.slice(0, i), ...argv.slice(i + 1)];
    if (VALUED_FLAGS.has(arg)) i++;
  }
  return argv.some((arg) => arg === '--help' || arg === '-h') ? ['--help'] : ['mcp', ...argv];
}

async function main(argv: string[]): Promise<number> {
  const [command = 'mcp', ...rest] = commandFirst(argv);
  switch (command) {
    case 'mcp':
      return runMcp(rest);
    case 'token':
      return runToken(rest);
    case 'start':
      return runStart(rest);
    case 'serve':
      return runServe(rest);
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(HELP + '\n');
      return 0;
    case '--version':
    case '-v':
      process.stdout.write(SERVER_VERSION + '\n');
      return 0;
    default:
      if (isShellCommand(command)) return runShell(command, rest);
      process.stderr.write(`Unknown command "${command}".\n\n${HELP}\n`);
      return 2;
  }
}

// A promise that failed with no one waiting on it is a bug of ours, but it
// must not end the server: every agent's session and in-flight command
// would go with it. Said loudly, with where it came from.
process.on('unhandledRejection', (reason) => {
  process.stderr.write(`[browser-agent] internal error (unhandled rejection), please report it: ${reason instanceof Error ? reason.stack : String(reason)}\n`);
});

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== -1) process.exitCode = code; // -1: keeps running (mcp)
  },
  (error: unknown) => {
    process.stderr.write(`browser-agent: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
