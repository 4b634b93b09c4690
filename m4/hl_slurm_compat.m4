# HL_SLURM_COMPAT
# ---------------
# How the Slurm headers found with CPPFLAGS (slurm/slurm.h, slurmdb.h)
# differ, where the plugin and heapline-admin-comment use them, from
# 22.05's to 26.05's: asked of the headers themselves, never of their
# version number. Each answer is a define named HL_SLURM_*, of config.h,
# which common/slurm_compat.h reads. configure runs these checks against
# the Slurm it builds for; tests/spank/releases runs them alone against
# each release's headers, and takes the HL_SLURM_* defines as its own.
AC_DEFUN([HL_SLURM_COMPAT], [
m4_pushdef([_HL_SLURM_INCLUDES], [[
#include <slurm/slurm.h>
#include <slurm/slurmdb.h>
]])
# 23.02 named List and ListIterator list_t and list_itr_t (used through
# a pointer); 24.11 dropped the old names. (AC_CHECK_TYPES cannot tell:
# it takes the size of the type, which Slurm leaves incomplete.)
AC_CACHE_CHECK([whether Slurm's headers name list_t and list_itr_t],
  [hl_cv_slurm_list_t],
  [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([_HL_SLURM_INCLUDES],
     [[list_t *l = slurm_list_create(NULL);
       list_itr_t *i = slurm_list_iterator_create(l);
       return slurm_list_next(i) != NULL;]])],
     [hl_cv_slurm_list_t=yes],
     [hl_cv_slurm_list_t=no])])
AS_IF([test "x$hl_cv_slurm_list_t" = xyes],
  [AC_DEFINE([HL_SLURM_HAVE_LIST_T], [1],
     [Define if Slurm's headers name list_t and list_itr_t (23.02 on).])])
# 23.11 made hostlist_t the struct, used through a pointer.
AC_CACHE_CHECK([whether Slurm's hostlist_t is a pointer],
  [hl_cv_slurm_hostlist_pointer],
  [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([_HL_SLURM_INCLUDES],
     [[hostlist_t hl = slurm_hostlist_create("n1");
       slurm_hostlist_destroy(hl);]])],
     [hl_cv_slurm_hostlist_pointer=yes],
     [hl_cv_slurm_hostlist_pointer=no])])
AS_IF([test "x$hl_cv_slurm_hostlist_pointer" = xyes],
  [AC_DEFINE([HL_SLURM_HOSTLIST_POINTER], [1],
     [Define if Slurm's hostlist_t is a pointer (before 23.11).])])
# 26.05's slurm_load_job takes the job as a slurm_step_id_t (a macro of
# slurm.h lets a number through; its name in parentheses is the
# function itself, which the plugin looks up in srun).
AC_CACHE_CHECK([whether slurm_load_job takes a slurm_step_id_t],
  [hl_cv_slurm_load_job_step_id],
  [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([_HL_SLURM_INCLUDES],
     [[job_info_msg_t *msg;
       slurm_step_id_t id = {.job_id = 1};
       return (slurm_load_job)(&msg, id, SHOW_ALL);]])],
     [hl_cv_slurm_load_job_step_id=yes],
     [hl_cv_slurm_load_job_step_id=no])])
AS_IF([test "x$hl_cv_slurm_load_job_step_id" = xyes],
  [AC_DEFINE([HL_SLURM_LOAD_JOB_STEP_ID], [1],
     [Define if slurm_load_job takes a slurm_step_id_t (26.05 on).])])
# 25.05 dropped the job record's lft, which a record of a change to a
# job held as NO_VAL until then.
AC_CHECK_MEMBER([slurmdb_job_rec_t.lft],
  [AC_DEFINE([HL_SLURM_JOB_REC_LFT], [1],
     [Define if slurmdb_job_rec_t has an lft (before 25.05).])],
  [], [_HL_SLURM_INCLUDES])
m4_popdef([_HL_SLURM_INCLUDES])
])
