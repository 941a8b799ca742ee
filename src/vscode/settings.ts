import * as vscode from 'vscode';
import { DEFAULT_MAX_TOKENS, MAX_MAX_TOKENS, MIN_MAX_TOKENS } from '../common/tokens';
import { TOOL_GROUPS, type ToolGroup } from '../tools/shared/tool';

/** The `sightline.*` settings, read once per change and clamped to the bounds package.json declares. */
export interface Settings {
  toolGroups: ToolGroup[];
  exclude: string[];
  /** Extra markdown collections (globs), beside the folders that hold docs. */
  docCollections: string[];
  maxFileBytes: number;
  maxTokens: number;
  providerTimeoutMs: number;
}

export const SECTION = 'sightline';

function clamp(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration(SECTION);
  const groups = c.get<unknown[]>('tools', [...TOOL_GROUPS]);
  const toolGroups = TOOL_GROUPS.filter((g) => Array.isArray(groups) && groups.includes(g));
  const exclude = c.get<unknown[]>('index.exclude', []);
  const docCollections = c.get<unknown[]>('index.docCollections', []);
  return {
    toolGroups,
    exclude: Array.isArray(exclude) ? exclude.filter((p): p is string => typeof p === 'string' && p.trim() !== '') : [],
    docCollections: Array.isArray(docCollections) ? docCollections.filter((p): p is string => typeof p === 'string' && p.trim() !== '') : [],
    maxFileBytes: clamp(c.get('index.maxFileSizeKB'), 1, 10240, 1024) * 1024,
    maxTokens: clamp(c.get('maxTokens'), MIN_MAX_TOKENS, MAX_MAX_TOKENS, DEFAULT_MAX_TOKENS),
    providerTimeoutMs: clamp(c.get('providerTimeoutMs'), 100, 120_000, 10_000),
  };
}

/** Settings whose change needs the engines rebuilt (the rest apply on the next call). */
export function affectsIndex(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${SECTION}.index`);
}

export function affectsTools(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${SECTION}.tools`);
}
