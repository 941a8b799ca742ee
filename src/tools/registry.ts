import { blastRadiusTool } from './blast-radius';
import { collectionDocumentTool } from './collection-document';
import { collectionSearchTool } from './collection-search';
import { dependencyGraphTool } from './dependency-graph';
import { findCalleesTool } from './find-callees';
import { findCallersTool } from './find-callers';
import { findReferencesTool } from './find-references';
import { goToDefinitionTool } from './go-to-definition';
import { indexWorkspaceTool } from './index-workspace';
import { listCollectionsTool } from './list-collections';
import { listRepositoriesTool } from './list-repositories';
import { outlineTool } from './outline';
import { readChunkTool } from './read-chunk';
import { readFileRangeTool } from './read-file-range';
import { readNodeTool } from './read-node';
import { relatedTool } from './related';
import { repoSummaryTool } from './repo-summary';
import { repositoryReadmeTool } from './repository-readme';
import { retrieveTool } from './retrieve';
import { routeTool } from './route';
import { searchSymbolsTool } from './search-symbols';
import { structuralSearchTool } from './structural-search';
import { wikiPageTool } from './wiki-page';
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
  // retrieve: orientation, search, reads
  listRepositoriesTool,
  listCollectionsTool,
  routeTool,
  outlineTool,
  repositoryReadmeTool,
  retrieveTool,
  collectionSearchTool,
  searchSymbolsTool,
  readNodeTool,
  readFileRangeTool,
  wikiPageTool,
  collectionDocumentTool,
  readChunkTool,
  relatedTool,
];

export function toolsForGroups(groups: readonly ToolGroup[]): ToolDefinition[] {
  return ALL_TOOLS.filter((t) => groups.includes(t.group));
}
