#include <json-c/json.h>
