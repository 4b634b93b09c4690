! Fortran sites: an allocatable array of a module, allocated in a module
! procedure (grid::alloc_field), and one of the main program.
module grid
  implicit none
  real(8), allocatable :: temperature(:,:)
contains
  subroutine alloc_field(n)
    integer, intent(in) :: n
    allocate(temperature(n, n))
    temperature = 1.0d0
  end subroutine alloc_field
end module grid

program callsites_fortran
  use grid
  implicit none
  real(8), allocatable :: work(:)
  call alloc_field(3000)
  allocate(work(2000000))
  work = 2.0d0
  print *, int(sum(temperature) + sum(work))
end program callsites_fortran
