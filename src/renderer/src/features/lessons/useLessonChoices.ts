import { useQuery } from '@tanstack/react-query';
import { LIST_MAX_PAGE_SIZE } from '../../../../shared/constants';
import { apiRequest } from '../../api/client';
import { useArea } from '../../app/area/AreaContext';

export interface LessonChoice {
  id: number;
  name: string;
}

/**
 * The lessons the caller may pick (a teacher: those they teach, as the server scopes them), for
 * filters and for the lesson of a new chapter or task. A teacher has a handful; one page holds them.
 */
export function useLessonChoices() {
  const { schoolId, role } = useArea();
  return useQuery({
    queryKey: ['schools', schoolId, role, 'lessons', 'choices'],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<LessonChoice[]>(
        'GET',
        `/schools/${schoolId}/${role}/lessons`,
        { query: { per_page: LIST_MAX_PAGE_SIZE, sort: 'name', order: 'asc' }, signal },
      );
      return answer.data.map(({ id, name }) => ({ id, name }));
    },
    staleTime: 5 * 60_000,
  });
}
