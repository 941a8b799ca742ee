import { blastRadiusTool } from './blast-radius';
import { dependencyGraphTool } from './dependency-graph';
import { findCalleesTool } from './find-callees';
import { findCallersTool } from './find-callers';
import { findReferencesTool } from './find-references';
import { goToDefinitionTool } from './go-to-definition';
import { indexWorkspaceTool } from './index-workspace';
import { repoSummaryTool } from './repo-summary';
import { structuralSearchTool } from './structural-search';
import type { ToolDefinition, ToolGroup } from './tool';

/** Every tool, in the order clients list them. Adding a tool is one file and one line here. */
export const ALL_TOOLS: readonly ToolDefinition[] = [
  indexWorkspaceTool,
  findCallersTool,
  findCalleesTool,
  blastRadiusTool,
  dependencyGraphTool,
  structuralSearchTool,
  repoSummaryTool,
  goToDefinitionTool,
  findReferencesTool,
];

export function toolsForGroups(groups: readonly ToolGroup[]): ToolDefinition[] {
  return ALL_TOOLS.filter((t) => groups.includes(t.group));
}
