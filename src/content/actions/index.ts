import type { ContentRequest } from '../../shared/content-messages.ts';

/**
 * Element actions and queries (src/content/actions/). Returns undefined for
 * requests that are not ours.
 */
export function handleAction(_request: ContentRequest): Promise<unknown> | undefined {
  return undefined;
}
