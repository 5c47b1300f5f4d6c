// measured_spawn PEAK IN OUT ERR PROGRAM [ARGUMENT…]
//
// Runs PROGRAM with stdin, stdout and stderr the files named (ERR the same
// path as OUT: both into one file) and writes its peak resident memory in KiB
// (wait4's ru_maxrss) to PEAK. Then it ends as PROGRAM ended: the same exit
// status, or the same signal.
//
// Why a process of its own: Linux keeps a process's ru_maxrss across execve,
// so a child forked from the test binary and exec'ing grundy reports the test
// binary's resident pages copied at the fork whenever they exceed grundy's own.
// Forked from this small program instead, what comes before the exec is about
// 1 MiB (/bin/true started by it peaks at 1012 KiB).
//
// SIGINT, SIGTERM, SIGHUP and SIGQUIT sent to it are passed on to PROGRAM,
// which thus sees a user's Ctrl-C or kill; SIGUSR2 is passed on as SIGKILL (a
// user's kill -9: this program still reaps PROGRAM and writes its peak). If
// this program is killed, PROGRAM gets SIGKILL too (PR_SET_PDEATHSIG).
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "core/die_of_signal.hpp"

namespace {

volatile sig_atomic_t child_pid = 0;

void pass_on(int sig) {
  if (child_pid > 0) ::kill(child_pid, sig == SIGUSR2 ? SIGKILL : sig);
}

bool open_as(const char* path, int flags, int fd) {
  const int opened = ::open(path, flags, 0644);
  if (opened < 0) return false;
  if (opened != fd) {
    if (::dup2(opened, fd) < 0) return false;
    ::close(opened);
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: measured_spawn PEAK IN OUT ERR PROGRAM [ARGUMENT...]\n");
    return 99;
  }
  const char* peak = argv[1];
  const char* in = argv[2];
  const char* out = argv[3];
  const char* err = argv[4];
  const pid_t parent = ::getpid();
  // Blocked until the handlers know the child, so that no signal is lost
  // between the fork and the handler's first use.
  sigset_t forwarded;
  sigemptyset(&forwarded);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR2}) sigaddset(&forwarded, sig);
  sigprocmask(SIG_BLOCK, &forwarded, nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) return 99;
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(99);
    sigprocmask(SIG_UNBLOCK, &forwarded, nullptr);
    const bool opened = open_as(in, O_RDONLY, STDIN_FILENO) &&
                        open_as(out, O_WRONLY | O_CREAT | O_TRUNC, STDOUT_FILENO) &&
                        (std::strcmp(err, out) == 0 ? ::dup2(STDOUT_FILENO, STDERR_FILENO) >= 0
                                                    : open_as(err, O_WRONLY | O_CREAT | O_TRUNC, STDERR_FILENO));
    if (opened) ::execv(argv[5], argv + 5);
    ::_exit(99);
  }
  child_pid = pid;
  struct sigaction action {};
  action.sa_handler = pass_on;
  sigemptyset(&action.sa_mask);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR2}) sigaction(sig, &action, nullptr);
  sigprocmask(SIG_UNBLOCK, &forwarded, nullptr);
  int status = 0;
  rusage usage{};
  while (::wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) return 99;
  }
  if (std::FILE* file = std::fopen(peak, "w")) {
    std::fprintf(file, "%ld\n", usage.ru_maxrss);
    std::fclose(file);
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  const int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
  // PROGRAM's core, if it dumped one, is PROGRAM's; not a second one of ours.
  const rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  grundy::die_of_signal(sig);
}
