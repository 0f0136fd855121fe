import { screenPages } from '../../resources/screenPages';

// The school's building blocks, kept by the office: levels, tags, buildings and their rooms,
// periods and their sub-periods, categories.

export const structureScreens = {
  admin: {
    levels: screenPages({
      resource: 'levels',
      listPath: 'levels',
      detailPath: 'levels',
      idParam: 'level_id',
    }),
    tags: screenPages({
      resource: 'tags',
      listPath: 'tags',
      detailPath: 'tags',
      idParam: 'tag_id',
    }),
    sites: screenPages({
      resource: 'sites',
      listPath: 'sites',
      detailPath: 'sites',
      idParam: 'site_id',
      parts: [{ resource: 'rooms', parentField: 'site_id' }],
    }),
    periods: screenPages({
      resource: 'periods',
      listPath: 'periods',
      detailPath: 'periods',
      idParam: 'period_id',
      parts: [{ resource: 'sub_periods', parentField: 'period_id' }],
    }),
    subPeriods: screenPages({
      resource: 'sub_periods',
      listPath: 'periods',
      detailPath: 'periods',
      idParam: 'sub_period_id',
    }),
    categories: screenPages({
      resource: 'categories',
      listPath: 'categories',
      detailPath: 'categories',
      idParam: 'id',
    }),
  },
};
