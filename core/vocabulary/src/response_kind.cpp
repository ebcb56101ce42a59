#include "ccd/response_kind.hpp"

namespace ccd {

std::string_view to_string(ResponseKind response) {
    switch (response) {
    case ResponseKind::Bounce:
        return "bounce";
    case ResponseKind::Slide:
        return "slide";
    case ResponseKind::Stop:
        return "stop";
    case ResponseKind::Destroy:
        return "destroy";
    case ResponseKind::Sensor:
        return "sensor";
    case ResponseKind::Callback:
        return "callback";
    }
    return "bounce";
}

std::optional<ResponseKind> parse_response_kind(std::string_view name) {
    for (const ResponseKind kind : {ResponseKind::Bounce, ResponseKind::Slide, ResponseKind::Stop,
                                    ResponseKind::Destroy, ResponseKind::Sensor})
        if (name == to_string(kind)) return kind;
    return std::nullopt;
}

} // namespace ccd
