import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SearchResponse, SuggestResponse } from '../../../common/search.js';
import { Public } from '../access/route-labels.js';
import { SearchQueryDto, SuggestQueryDto } from './search.dto.js';
import { SearchService } from './search.service.js';

/**
 * Issue #29's one search. Not in the public cache: nearly every query is new, so a cache would only hold memory
 * and make misses wait their turn; each answer is one indexed statement instead.
 */
@ApiTags('search')
@Controller('_api/search')
@Public()
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  search(@Query() query: SearchQueryDto): Promise<SearchResponse> {
    return this.searchService.search(query.q ?? '', query.type, query.page ?? 1);
  }

  @Get('suggest')
  suggest(@Query() query: SuggestQueryDto): Promise<SuggestResponse> {
    return this.searchService.suggest(query.q ?? '');
  }
}
