"""Two small helpers on Django's generic views for pages that write through a service:

- ``ServiceFormView``: the form, then the service; the service's refusal shown next to the
  fields (status 400, the page again), else a message and a redirect;
- ``ConfirmView``: GET shows what will happen (or why it cannot), POST does it, then a
  message and a redirect; a refusal is shown as a message on the page sent back to.

Subclasses declare the template and write ``perform`` (the service call), the messages and
where to go."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.views.generic import FormView, TemplateView

from .refusals import show_refusal

BAD_REQUEST = 400  # a form refused: the page again, with the reasons


class ServiceFormView(FormView):
    refusal_aliases: dict[str, str] | None = None  # the service's field name -> the form's

    def get_form_kwargs(self):
        # an empty POST is an unbound form, the page shown again (as ``Form(POST or None)``)
        kwargs = {"initial": self.get_initial(), "prefix": self.get_prefix()}
        if self.request.method == "POST":
            kwargs["data"] = self.request.POST or None
        return kwargs

    def perform(self, form):
        """Call the service with the form's values; return what it made. Raises the service's
        ``ValidationError`` when it refuses."""
        raise NotImplementedError

    def success_message(self, form, result) -> str:
        raise NotImplementedError

    def success_url_for(self, form, result) -> str:
        raise NotImplementedError

    def form_valid(self, form):
        try:
            result = self.perform(form)
        except ValidationError as refusal:
            show_refusal(form, refusal, self.refusal_aliases)
            return self.form_invalid(form)
        messages.success(self.request, self.success_message(form, result))
        return redirect(self.success_url_for(form, result))

    def form_invalid(self, form):
        return self.render_to_response(
            self.get_context_data(form=form), status=BAD_REQUEST if form.errors else 200
        )


class ConfirmView(TemplateView):
    """The context holds ``title``, ``consequence``, ``problem`` (why it cannot be done, or
    None), ``action`` (the button) and ``back`` (the link to keep things as they are)."""

    http_method_names = ["get", "head", "post", "options"]

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.object = self.get_object()

    def get_object(self):
        raise NotImplementedError

    def back_url(self) -> str:
        raise NotImplementedError

    def confirmation(self) -> dict:
        """The page's context: what will happen, or the problem that prevents it."""
        raise NotImplementedError

    def get(self, request, *args, **kwargs):
        return self.render_to_response(self.confirmation())

    def perform(self) -> None:
        """Do it; raises the service's ``ValidationError`` when it refuses."""
        raise NotImplementedError

    def success_message(self) -> str:
        raise NotImplementedError

    def success_url(self) -> str:
        return self.back_url()

    def refused_url(self) -> str:
        return self.back_url()

    def post(self, request, *args, **kwargs):
        try:
            self.perform()
        except ValidationError as refusal:
            show_refusal(request, refusal)
            return redirect(self.refused_url())
        messages.success(request, self.success_message())
        return redirect(self.success_url())
