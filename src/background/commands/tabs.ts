import type { Params, Result } from '../../shared/protocol.ts';
import { listTabs } from '../tabs.ts';

export async function tabsList(_params: Params<'tabs.list'>): Promise<Result<'tabs.list'>> {
  return { tabs: await listTabs() };
}
