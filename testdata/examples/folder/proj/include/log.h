#ifndef LOG_H
#define LOG_H

enum level { DEBUG, INFO, WARNING };

void log_message(enum level lv, const char *msg);
void log_number(enum level lv, const char *name, int value);

#endif
