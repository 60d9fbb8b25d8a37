import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints as ep, type CourseNumber } from '@zalik/contract';
import { call } from '../../api/client';
import { qk } from '../../api/queryKeys';
import { rememberCourse } from '../../api/token';

/** Saves the course chosen on the first open; the AuthGate's course query then lets the app in. */
export function useSetCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (courseNumber: CourseNumber) => call(ep.setMyCourse, { body: { courseNumber } }),
    onSuccess: (_, courseNumber) => {
      rememberCourse(courseNumber);
      qc.setQueryData(qk.course(), courseNumber);
    },
  });
}
