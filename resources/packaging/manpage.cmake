# Makes sightline-cli's man page from its --help and sightline-cli.1.in:
#   cmake -DCLI=... -DVERSION=... -DIN=... -DOUT=... -P manpage.cmake
execute_process(COMMAND "${CLI}" --help OUTPUT_VARIABLE HELP RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${CLI} --help failed (${status})")
endif()
string(REPLACE "${CLI}" "sightline-cli" HELP "${HELP}")  # (the usage line names it as run)
# roff: backslashes doubled, a line starting with . or ' kept as text.
string(REPLACE "\\" "\\\\" HELP "${HELP}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" HELP "${HELP}")
string(STRIP "${HELP}" HELP)
string(TIMESTAMP DATE "%Y-%m-%d" UTC)
file(READ "${IN}" page)
string(CONFIGURE "${page}" page @ONLY)
file(WRITE "${OUT}" "${page}")
