import { ConsoleLogger } from '@nestjs/common';

// Nest's start-up chatter: one line per module and per route, which buries the lines that matter.
const CHATTY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Nest's console logger without the per-module and per-route start-up lines. */
export class QuietLogger extends ConsoleLogger {
  override log(message: unknown, context?: string): void {
    if (context && CHATTY_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}
